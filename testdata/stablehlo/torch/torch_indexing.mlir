module @IrToHlo.161 attributes {mhlo.cross_program_prefetches = [], mhlo.input_output_alias = [], mhlo.is_dynamic = false, mhlo.use_auto_spmd_partitioning = false} {
  func.func @main(%arg0: tensor<6x5xf32>, %arg1: tensor<4xi64>) -> (tensor<6x3xf32>, tensor<6x3xi64>, tensor<6x5xf32>, tensor<6x5xi64>, tensor<6x5xf32>, tensor<6xi64>, tensor<4x5xf32>, tensor<6x5xf32>, tensor<6x5xf32>, tensor<4x2xf32>) {
    %c = stablehlo.constant dense<0> : tensor<4x2xi64>
    %c_0 = stablehlo.constant dense<5> : tensor<4x2xi64>
    %cst = stablehlo.constant dense<1.000000e+00> : tensor<6x5xf32>
    %cst_1 = stablehlo.constant dense<-3.40282347E+38> : tensor<6x5xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<6x5xf32>
    %c_3 = stablehlo.constant dense<6> : tensor<4xi64>
    %c_4 = stablehlo.constant dense<0> : tensor<4xi64>
    %c_5 = stablehlo.constant dense<0> : tensor<i32>
    %cst_6 = stablehlo.constant dense<0xFF800000> : tensor<f32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %0 = stablehlo.iota dim = 0 : tensor<5xi32>
    %1 = stablehlo.broadcast_in_dim %0, dims = [1] : (tensor<5xi32>) -> tensor<6x5xi32>
    %2:2 = "stablehlo.sort"(%arg0, %1) <{dimension = 1 : i64, is_stable = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>, %arg4: tensor<i32>, %arg5: tensor<i32>):
      %37 = stablehlo.compare  GT, %arg2, %arg3,  TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %37 : tensor<i1>
    }) : (tensor<6x5xf32>, tensor<6x5xi32>) -> (tensor<6x5xf32>, tensor<6x5xi32>)
    %3 = stablehlo.slice %2#0 [0:6, 0:3] : (tensor<6x5xf32>) -> tensor<6x3xf32>
    %4 = stablehlo.slice %2#1 [0:6, 0:3] : (tensor<6x5xi32>) -> tensor<6x3xi32>
    %5 = stablehlo.convert %4 : (tensor<6x3xi32>) -> tensor<6x3xi64>
    %6 = stablehlo.iota dim = 0 : tensor<6xi32>
    %7 = stablehlo.broadcast_in_dim %6, dims = [0] : (tensor<6xi32>) -> tensor<6x5xi32>
    %8:2 = "stablehlo.sort"(%arg0, %7) <{dimension = 0 : i64, is_stable = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>, %arg4: tensor<i32>, %arg5: tensor<i32>):
      %37 = stablehlo.compare  GT, %arg2, %arg3,  TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
      stablehlo.return %37 : tensor<i1>
    }) : (tensor<6x5xf32>, tensor<6x5xi32>) -> (tensor<6x5xf32>, tensor<6x5xi32>)
    %9 = stablehlo.convert %8#1 : (tensor<6x5xi32>) -> tensor<6x5xi64>
    %10 = "stablehlo.reduce_window"(%arg0, %cst_7) <{base_dilations = array<i64: 1, 1>, padding = dense<[[0, 0], [4, 0]]> : tensor<2x2xi64>, window_dilations = array<i64: 1, 1>, window_dimensions = array<i64: 1, 5>, window_strides = array<i64: 1, 1>}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %37 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %37 : tensor<f32>
    }) : (tensor<6x5xf32>, tensor<f32>) -> tensor<6x5xf32>
    %11:2 = stablehlo.reduce(%arg0 init: %cst_6), (%1 init: %c_5) across dimensions = [1] : (tensor<6x5xf32>, tensor<6x5xi32>, tensor<f32>, tensor<i32>) -> (tensor<6xf32>, tensor<6xi32>)
     reducer(%arg2: tensor<f32>, %arg4: tensor<f32>) (%arg3: tensor<i32>, %arg5: tensor<i32>)  {
      %37 = stablehlo.compare  GE, %arg2, %arg4 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %38 = stablehlo.select %37, %arg2, %arg4 : tensor<i1>, tensor<f32>
      %39 = stablehlo.compare  EQ, %arg2, %arg4 : (tensor<f32>, tensor<f32>) -> tensor<i1>
      %40 = stablehlo.minimum %arg3, %arg5 : tensor<i32>
      %41 = stablehlo.select %37, %arg3, %arg5 : tensor<i1>, tensor<i32>
      %42 = stablehlo.select %39, %40, %41 : tensor<i1>, tensor<i32>
      stablehlo.return %38, %42 : tensor<f32>, tensor<i32>
    }
    %12 = stablehlo.convert %11#1 : (tensor<6xi32>) -> tensor<6xi64>
    %13 = stablehlo.compare  LT, %arg1, %c_4 : (tensor<4xi64>, tensor<4xi64>) -> tensor<4xi1>
    %14 = stablehlo.add %arg1, %c_3 : tensor<4xi64>
    %15 = stablehlo.select %13, %14, %arg1 : tensor<4xi1>, tensor<4xi64>
    %16 = stablehlo.reshape %15 : (tensor<4xi64>) -> tensor<4x1xi64>
    %17 = "stablehlo.gather"(%arg0, %16) <{dimension_numbers = #stablehlo.gather<offset_dims = [1], collapsed_slice_dims = [0], start_index_map = [0], index_vector_dim = 1>, indices_are_sorted = false, slice_sizes = array<i64: 1, 5>}> : (tensor<6x5xf32>, tensor<4x1xi64>) -> tensor<4x5xf32>
    %18 = stablehlo.slice %arg0 [0:4, 0:5] : (tensor<6x5xf32>) -> tensor<4x5xf32>
    %19 = "stablehlo.scatter"(%cst_2, %16, %18) <{indices_are_sorted = false, scatter_dimension_numbers = #stablehlo.scatter<update_window_dims = [1], inserted_window_dims = [0], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>, unique_indices = false}> ({
    ^bb0(%arg2: tensor<f32>, %arg3: tensor<f32>):
      %37 = stablehlo.add %arg2, %arg3 : tensor<f32>
      stablehlo.return %37 : tensor<f32>
    }) : (tensor<6x5xf32>, tensor<4x1xi64>, tensor<4x5xf32>) -> tensor<6x5xf32>
    %20 = stablehlo.compare  GT, %arg0, %cst_2 : (tensor<6x5xf32>, tensor<6x5xf32>) -> tensor<6x5xi1>
    %21 = stablehlo.negate %arg0 : tensor<6x5xf32>
    %22 = stablehlo.select %20, %arg0, %21 : tensor<6x5xi1>, tensor<6x5xf32>
    %23 = stablehlo.clamp %cst_1, %22, %cst : tensor<6x5xf32>
    %24 = stablehlo.iota dim = 0 : tensor<4xui32>
    %25 = stablehlo.broadcast_in_dim %24, dims = [0] : (tensor<4xui32>) -> tensor<4x2x1xui32>
    %26 = stablehlo.broadcast_in_dim %arg1, dims = [0] : (tensor<4xi64>) -> tensor<4x2xi64>
    %27 = stablehlo.remainder %26, %c_0 : tensor<4x2xi64>
    %28 = stablehlo.sign %27 : tensor<4x2xi64>
    %29 = stablehlo.compare  LT, %28, %c : (tensor<4x2xi64>, tensor<4x2xi64>) -> tensor<4x2xi1>
    %30 = stablehlo.convert %29 : (tensor<4x2xi1>) -> tensor<4x2xi64>
    %31 = stablehlo.multiply %30, %c_0 : tensor<4x2xi64>
    %32 = stablehlo.add %27, %31 : tensor<4x2xi64>
    %33 = stablehlo.convert %32 : (tensor<4x2xi64>) -> tensor<4x2xui32>
    %34 = stablehlo.reshape %33 : (tensor<4x2xui32>) -> tensor<4x2x1xui32>
    %35 = stablehlo.concatenate %25, %34, dim = 2 : (tensor<4x2x1xui32>, tensor<4x2x1xui32>) -> tensor<4x2x2xui32>
    %36 = "stablehlo.gather"(%arg0, %35) <{dimension_numbers = #stablehlo.gather<collapsed_slice_dims = [0, 1], start_index_map = [0, 1], index_vector_dim = 2>, indices_are_sorted = false, slice_sizes = array<i64: 1, 1>}> : (tensor<6x5xf32>, tensor<4x2x2xui32>) -> tensor<4x2xf32>
    return %3, %5, %8#0, %9, %10, %12, %17, %19, %23, %36 : tensor<6x3xf32>, tensor<6x3xi64>, tensor<6x5xf32>, tensor<6x5xi64>, tensor<6x5xf32>, tensor<6xi64>, tensor<4x5xf32>, tensor<6x5xf32>, tensor<6x5xf32>, tensor<4x2xf32>
  }
}
