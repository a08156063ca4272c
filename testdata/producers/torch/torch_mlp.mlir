module @IrToHlo.72 attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<10xf32>, %arg1: tensor<10x32xf32>, %arg2: tensor<32xf32>, %arg3: tensor<32xf32>, %arg4: tensor<32x16xf32>, %arg5: tensor<8x16xf32>, %arg6: tensor<32xf32>) -> tensor<8x10xf32> {
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<8xf32>
    %cst_0 = stablehlo.constant dense<1.000000e+00> : tensor<8xf32>
    %cst_1 = stablehlo.constant dense<1.000000e+00> : tensor<8x32xf32>
    %cst_2 = stablehlo.constant dense<0.707106769> : tensor<8x32xf32>
    %cst_3 = stablehlo.constant dense<5.000000e-01> : tensor<8x32xf32>
    %0 = stablehlo.transpose %arg4, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[16,32]{0,1}"} : (tensor<32x16xf32>) -> tensor<16x32xf32>
    %1 = stablehlo.dot_general %arg5, %0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
    %2 = stablehlo.broadcast_in_dim %arg3, dims = [1] : (tensor<32xf32>) -> tensor<8x32xf32>
    %3 = stablehlo.add %1, %2 : tensor<8x32xf32>
    %4 = stablehlo.multiply %3, %cst_3 : tensor<8x32xf32>
    %5 = stablehlo.multiply %3, %cst_2 : tensor<8x32xf32>
    %6 = stablehlo.custom_call @mhlo.erf(%5) {mhlo.attributes = {}, mhlo.version = 1 : i64} : (tensor<8x32xf32>) -> tensor<8x32xf32>
    %7 = stablehlo.add %6, %cst_1 : tensor<8x32xf32>
    %8 = stablehlo.multiply %4, %7 : tensor<8x32xf32>
    %9 = stablehlo.reshape %8 : (tensor<8x32xf32>) -> tensor<1x8x32xf32>
    %output, %batch_mean, %batch_var = "stablehlo.batch_norm_training"(%9, %cst_0, %cst) <{epsilon = 9.99999974E-6 : f32, feature_index = 1 : i64}> : (tensor<1x8x32xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<1x8x32xf32>, tensor<8xf32>, tensor<8xf32>)
    %10 = stablehlo.broadcast_in_dim %arg6, dims = [1] : (tensor<32xf32>) -> tensor<8x32xf32>
    %11 = stablehlo.reshape %output : (tensor<1x8x32xf32>) -> tensor<8x32xf32>
    %12 = stablehlo.broadcast_in_dim %arg2, dims = [1] : (tensor<32xf32>) -> tensor<8x32xf32>
    %13 = stablehlo.multiply %11, %12 : tensor<8x32xf32>
    %14 = stablehlo.add %10, %13 : tensor<8x32xf32>
    %15 = stablehlo.transpose %arg1, dims = [1, 0] {result_layout = dense<[0, 1]> : tensor<2xindex>, xla_shape = "f32[32,10]{0,1}"} : (tensor<10x32xf32>) -> tensor<32x10xf32>
    %16 = stablehlo.dot_general %14, %15, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x32xf32>, tensor<32x10xf32>) -> tensor<8x10xf32>
    %17 = stablehlo.broadcast_in_dim %arg0, dims = [1] : (tensor<10xf32>) -> tensor<8x10xf32>
    %18 = stablehlo.add %16, %17 : tensor<8x10xf32>
    return %18 : tensor<8x10xf32>
  }
}
