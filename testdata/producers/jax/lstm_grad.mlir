module @jit_loss attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<16xf32>, %arg1: tensor<16x16xf32>, %arg2: tensor<16xf32>, %arg3: tensor<16x16xf32>, %arg4: tensor<16xf32>, %arg5: tensor<16x16xf32>, %arg6: tensor<16xf32>, %arg7: tensor<16x16xf32>, %arg8: tensor<4x16xf32>, %arg9: tensor<4x16xf32>, %arg10: tensor<4x16xf32>, %arg11: tensor<4x16xf32>, %arg12: tensor<2x8x4xf32>) -> (tensor<f32> {jax.result_info = "result[0]"}, tensor<16xf32> {jax.result_info = "result[1]['params']['hf']['bias']"}, tensor<16x16xf32> {jax.result_info = "result[1]['params']['hf']['kernel']"}, tensor<16xf32> {jax.result_info = "result[1]['params']['hg']['bias']"}, tensor<16x16xf32> {jax.result_info = "result[1]['params']['hg']['kernel']"}, tensor<16xf32> {jax.result_info = "result[1]['params']['hi']['bias']"}, tensor<16x16xf32> {jax.result_info = "result[1]['params']['hi']['kernel']"}, tensor<16xf32> {jax.result_info = "result[1]['params']['ho']['bias']"}, tensor<16x16xf32> {jax.result_info = "result[1]['params']['ho']['kernel']"}, tensor<4x16xf32> {jax.result_info = "result[1]['params']['if']['kernel']"}, tensor<4x16xf32> {jax.result_info = "result[1]['params']['ig']['kernel']"}, tensor<4x16xf32> {jax.result_info = "result[1]['params']['ii']['kernel']"}, tensor<4x16xf32> {jax.result_info = "result[1]['params']['io']['kernel']"}) {
    %c = stablehlo.constant dense<5> : tensor<i32>
    %c_0 = stablehlo.constant dense<32> : tensor<i32>
    %0 = stablehlo.shift_right_logical %c, %c_0 : tensor<i32>
    %1 = stablehlo.convert %0 : (tensor<i32>) -> tensor<ui32>
    %2 = stablehlo.broadcast_in_dim %1, dims = [] : (tensor<ui32>) -> tensor<1xui32>
    %c_1 = stablehlo.constant dense<-1> : tensor<i32>
    %3 = stablehlo.and %c, %c_1 : tensor<i32>
    %4 = stablehlo.convert %3 : (tensor<i32>) -> tensor<ui32>
    %5 = stablehlo.broadcast_in_dim %4, dims = [] : (tensor<ui32>) -> tensor<1xui32>
    %6 = stablehlo.concatenate %2, %5, dim = 0 : (tensor<1xui32>, tensor<1xui32>) -> tensor<2xui32>
    %7 = call @_threefry_split(%6) : (tensor<2xui32>) -> tensor<2x2xui32>
    %8 = stablehlo.slice %7 [0:1, 0:2] : (tensor<2x2xui32>) -> tensor<1x2xui32>
    %9 = stablehlo.reshape %8 : (tensor<1x2xui32>) -> tensor<2xui32>
    %10 = stablehlo.slice %7 [1:2, 0:2] : (tensor<2x2xui32>) -> tensor<1x2xui32>
    %11 = stablehlo.reshape %10 : (tensor<1x2xui32>) -> tensor<2xui32>
    %cst = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %12 = stablehlo.broadcast_in_dim %cst, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %cst_2 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %13 = stablehlo.broadcast_in_dim %cst_2, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %14 = stablehlo.transpose %arg12, dims = [1, 0, 2] : (tensor<2x8x4xf32>) -> tensor<8x2x4xf32>
    %15 = stablehlo.reshape %arg4 : (tensor<16xf32>) -> tensor<1x16xf32>
    %16 = stablehlo.reshape %arg0 : (tensor<16xf32>) -> tensor<1x16xf32>
    %17 = stablehlo.reshape %arg2 : (tensor<16xf32>) -> tensor<1x16xf32>
    %18 = stablehlo.reshape %arg6 : (tensor<16xf32>) -> tensor<1x16xf32>
    %cst_3 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %19 = stablehlo.broadcast_in_dim %cst_3, dims = [] : (tensor<f32>) -> tensor<8x2x16xf32>
    %cst_4 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %20 = stablehlo.broadcast_in_dim %cst_4, dims = [] : (tensor<f32>) -> tensor<8x2x16xf32>
    %cst_5 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %21 = stablehlo.broadcast_in_dim %cst_5, dims = [] : (tensor<f32>) -> tensor<8x2x16xf32>
    %cst_6 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %22 = stablehlo.broadcast_in_dim %cst_6, dims = [] : (tensor<f32>) -> tensor<8x2x16xf32>
    %cst_7 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %23 = stablehlo.broadcast_in_dim %cst_7, dims = [] : (tensor<f32>) -> tensor<8x2x16xf32>
    %cst_8 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %24 = stablehlo.broadcast_in_dim %cst_8, dims = [] : (tensor<f32>) -> tensor<8x2x16xf32>
    %cst_9 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %25 = stablehlo.broadcast_in_dim %cst_9, dims = [] : (tensor<f32>) -> tensor<8x2x16xf32>
    %cst_10 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %26 = stablehlo.broadcast_in_dim %cst_10, dims = [] : (tensor<f32>) -> tensor<8x2x16xf32>
    %cst_11 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %27 = stablehlo.broadcast_in_dim %cst_11, dims = [] : (tensor<f32>) -> tensor<8x2x16xf32>
    %cst_12 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %28 = stablehlo.broadcast_in_dim %cst_12, dims = [] : (tensor<f32>) -> tensor<8x2x16xf32>
    %cst_13 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %29 = stablehlo.broadcast_in_dim %cst_13, dims = [] : (tensor<f32>) -> tensor<8x2x16xf32>
    %cst_14 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %30 = stablehlo.broadcast_in_dim %cst_14, dims = [] : (tensor<f32>) -> tensor<8x2x16xf32>
    %cst_15 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %31 = stablehlo.broadcast_in_dim %cst_15, dims = [] : (tensor<f32>) -> tensor<8x2x16xf32>
    %c_16 = stablehlo.constant dense<0> : tensor<i32>
    %32:29 = stablehlo.while(%iterArg = %14, %iterArg_39 = %arg11, %iterArg_40 = %arg7, %iterArg_41 = %18, %iterArg_42 = %arg8, %iterArg_43 = %arg1, %iterArg_44 = %16, %iterArg_45 = %arg10, %iterArg_46 = %arg5, %iterArg_47 = %15, %iterArg_48 = %arg9, %iterArg_49 = %arg3, %iterArg_50 = %17, %iterArg_51 = %c_16, %iterArg_52 = %12, %iterArg_53 = %13, %iterArg_54 = %19, %iterArg_55 = %20, %iterArg_56 = %21, %iterArg_57 = %22, %iterArg_58 = %23, %iterArg_59 = %24, %iterArg_60 = %25, %iterArg_61 = %26, %iterArg_62 = %27, %iterArg_63 = %28, %iterArg_64 = %29, %iterArg_65 = %30, %iterArg_66 = %31) : tensor<8x2x4xf32>, tensor<4x16xf32>, tensor<16x16xf32>, tensor<1x16xf32>, tensor<4x16xf32>, tensor<16x16xf32>, tensor<1x16xf32>, tensor<4x16xf32>, tensor<16x16xf32>, tensor<1x16xf32>, tensor<4x16xf32>, tensor<16x16xf32>, tensor<1x16xf32>, tensor<i32>, tensor<2x16xf32>, tensor<2x16xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>
    cond {
      %c_67 = stablehlo.constant dense<8> : tensor<i32>
      %60 = stablehlo.compare LT, %iterArg_51, %c_67, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %60 : tensor<i1>
    } do {
      %60 = func.call @dynamic_index_in_dim(%iterArg, %iterArg_51) : (tensor<8x2x4xf32>, tensor<i32>) -> tensor<2x4xf32>
      %61 = stablehlo.dot_general %60, %iterArg_45, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x16xf32>) -> tensor<2x16xf32>
      %62 = stablehlo.dot_general %iterArg_53, %iterArg_46, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16xf32>, tensor<16x16xf32>) -> tensor<2x16xf32>
      %63 = stablehlo.broadcast_in_dim %iterArg_47, dims = [0, 1] : (tensor<1x16xf32>) -> tensor<2x16xf32>
      %64 = stablehlo.add %62, %63 : tensor<2x16xf32>
      %65 = stablehlo.add %61, %64 : tensor<2x16xf32>
      %66 = stablehlo.negate %65 : tensor<2x16xf32>
      %67 = stablehlo.exponential %66 : tensor<2x16xf32>
      %cst_67 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %68 = stablehlo.broadcast_in_dim %cst_67, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
      %69 = stablehlo.add %68, %67 : tensor<2x16xf32>
      %cst_68 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %70 = stablehlo.broadcast_in_dim %cst_68, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
      %71 = stablehlo.divide %70, %69 : tensor<2x16xf32>
      %cst_69 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %72 = stablehlo.broadcast_in_dim %cst_69, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
      %73 = stablehlo.subtract %72, %71 : tensor<2x16xf32>
      %74 = stablehlo.multiply %71, %73 : tensor<2x16xf32>
      %75 = stablehlo.dot_general %60, %iterArg_42, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x16xf32>) -> tensor<2x16xf32>
      %76 = stablehlo.dot_general %iterArg_53, %iterArg_43, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16xf32>, tensor<16x16xf32>) -> tensor<2x16xf32>
      %77 = stablehlo.broadcast_in_dim %iterArg_44, dims = [0, 1] : (tensor<1x16xf32>) -> tensor<2x16xf32>
      %78 = stablehlo.add %76, %77 : tensor<2x16xf32>
      %79 = stablehlo.add %75, %78 : tensor<2x16xf32>
      %80 = stablehlo.negate %79 : tensor<2x16xf32>
      %81 = stablehlo.exponential %80 : tensor<2x16xf32>
      %cst_70 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %82 = stablehlo.broadcast_in_dim %cst_70, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
      %83 = stablehlo.add %82, %81 : tensor<2x16xf32>
      %cst_71 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %84 = stablehlo.broadcast_in_dim %cst_71, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
      %85 = stablehlo.divide %84, %83 : tensor<2x16xf32>
      %cst_72 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %86 = stablehlo.broadcast_in_dim %cst_72, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
      %87 = stablehlo.subtract %86, %85 : tensor<2x16xf32>
      %88 = stablehlo.multiply %85, %87 : tensor<2x16xf32>
      %89 = stablehlo.dot_general %60, %iterArg_48, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x16xf32>) -> tensor<2x16xf32>
      %90 = stablehlo.dot_general %iterArg_53, %iterArg_49, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16xf32>, tensor<16x16xf32>) -> tensor<2x16xf32>
      %91 = stablehlo.broadcast_in_dim %iterArg_50, dims = [0, 1] : (tensor<1x16xf32>) -> tensor<2x16xf32>
      %92 = stablehlo.add %90, %91 : tensor<2x16xf32>
      %93 = stablehlo.add %89, %92 : tensor<2x16xf32>
      %94 = stablehlo.tanh %93 : tensor<2x16xf32>
      %cst_73 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %95 = stablehlo.broadcast_in_dim %cst_73, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
      %96 = stablehlo.add %95, %94 : tensor<2x16xf32>
      %cst_74 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %97 = stablehlo.broadcast_in_dim %cst_74, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
      %98 = stablehlo.subtract %97, %94 : tensor<2x16xf32>
      %99 = stablehlo.multiply %96, %98 : tensor<2x16xf32>
      %100 = stablehlo.dot_general %60, %iterArg_39, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x4xf32>, tensor<4x16xf32>) -> tensor<2x16xf32>
      %101 = stablehlo.dot_general %iterArg_53, %iterArg_40, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16xf32>, tensor<16x16xf32>) -> tensor<2x16xf32>
      %102 = stablehlo.broadcast_in_dim %iterArg_41, dims = [0, 1] : (tensor<1x16xf32>) -> tensor<2x16xf32>
      %103 = stablehlo.add %101, %102 : tensor<2x16xf32>
      %104 = stablehlo.add %100, %103 : tensor<2x16xf32>
      %105 = stablehlo.negate %104 : tensor<2x16xf32>
      %106 = stablehlo.exponential %105 : tensor<2x16xf32>
      %cst_75 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %107 = stablehlo.broadcast_in_dim %cst_75, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
      %108 = stablehlo.add %107, %106 : tensor<2x16xf32>
      %cst_76 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %109 = stablehlo.broadcast_in_dim %cst_76, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
      %110 = stablehlo.divide %109, %108 : tensor<2x16xf32>
      %cst_77 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %111 = stablehlo.broadcast_in_dim %cst_77, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
      %112 = stablehlo.subtract %111, %110 : tensor<2x16xf32>
      %113 = stablehlo.multiply %110, %112 : tensor<2x16xf32>
      %114 = stablehlo.multiply %85, %iterArg_52 : tensor<2x16xf32>
      %115 = stablehlo.multiply %71, %94 : tensor<2x16xf32>
      %116 = stablehlo.add %114, %115 : tensor<2x16xf32>
      %117 = stablehlo.tanh %116 : tensor<2x16xf32>
      %cst_78 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %118 = stablehlo.broadcast_in_dim %cst_78, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
      %119 = stablehlo.add %118, %117 : tensor<2x16xf32>
      %cst_79 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
      %120 = stablehlo.broadcast_in_dim %cst_79, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
      %121 = stablehlo.subtract %120, %117 : tensor<2x16xf32>
      %122 = stablehlo.multiply %119, %121 : tensor<2x16xf32>
      %123 = stablehlo.multiply %110, %117 : tensor<2x16xf32>
      %124 = func.call @dynamic_update_index_in_dim(%iterArg_54, %123, %iterArg_51) : (tensor<8x2x16xf32>, tensor<2x16xf32>, tensor<i32>) -> tensor<8x2x16xf32>
      %125 = func.call @dynamic_update_index_in_dim(%iterArg_55, %iterArg_53, %iterArg_51) : (tensor<8x2x16xf32>, tensor<2x16xf32>, tensor<i32>) -> tensor<8x2x16xf32>
      %126 = func.call @dynamic_update_index_in_dim(%iterArg_56, %74, %iterArg_51) : (tensor<8x2x16xf32>, tensor<2x16xf32>, tensor<i32>) -> tensor<8x2x16xf32>
      %127 = func.call @dynamic_update_index_in_dim(%iterArg_57, %88, %iterArg_51) : (tensor<8x2x16xf32>, tensor<2x16xf32>, tensor<i32>) -> tensor<8x2x16xf32>
      %128 = func.call @dynamic_update_index_in_dim(%iterArg_58, %99, %iterArg_51) : (tensor<8x2x16xf32>, tensor<2x16xf32>, tensor<i32>) -> tensor<8x2x16xf32>
      %129 = func.call @dynamic_update_index_in_dim(%iterArg_59, %113, %iterArg_51) : (tensor<8x2x16xf32>, tensor<2x16xf32>, tensor<i32>) -> tensor<8x2x16xf32>
      %130 = func.call @dynamic_update_index_in_dim(%iterArg_60, %iterArg_52, %iterArg_51) : (tensor<8x2x16xf32>, tensor<2x16xf32>, tensor<i32>) -> tensor<8x2x16xf32>
      %131 = func.call @dynamic_update_index_in_dim(%iterArg_61, %85, %iterArg_51) : (tensor<8x2x16xf32>, tensor<2x16xf32>, tensor<i32>) -> tensor<8x2x16xf32>
      %132 = func.call @dynamic_update_index_in_dim(%iterArg_62, %94, %iterArg_51) : (tensor<8x2x16xf32>, tensor<2x16xf32>, tensor<i32>) -> tensor<8x2x16xf32>
      %133 = func.call @dynamic_update_index_in_dim(%iterArg_63, %71, %iterArg_51) : (tensor<8x2x16xf32>, tensor<2x16xf32>, tensor<i32>) -> tensor<8x2x16xf32>
      %134 = func.call @dynamic_update_index_in_dim(%iterArg_64, %122, %iterArg_51) : (tensor<8x2x16xf32>, tensor<2x16xf32>, tensor<i32>) -> tensor<8x2x16xf32>
      %135 = func.call @dynamic_update_index_in_dim(%iterArg_65, %117, %iterArg_51) : (tensor<8x2x16xf32>, tensor<2x16xf32>, tensor<i32>) -> tensor<8x2x16xf32>
      %136 = func.call @dynamic_update_index_in_dim(%iterArg_66, %110, %iterArg_51) : (tensor<8x2x16xf32>, tensor<2x16xf32>, tensor<i32>) -> tensor<8x2x16xf32>
      %c_80 = stablehlo.constant dense<1> : tensor<i32>
      %137 = stablehlo.add %iterArg_51, %c_80 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_39, %iterArg_40, %iterArg_41, %iterArg_42, %iterArg_43, %iterArg_44, %iterArg_45, %iterArg_46, %iterArg_47, %iterArg_48, %iterArg_49, %iterArg_50, %137, %116, %123, %124, %125, %126, %127, %128, %129, %130, %131, %132, %133, %134, %135, %136 : tensor<8x2x4xf32>, tensor<4x16xf32>, tensor<16x16xf32>, tensor<1x16xf32>, tensor<4x16xf32>, tensor<16x16xf32>, tensor<1x16xf32>, tensor<4x16xf32>, tensor<16x16xf32>, tensor<1x16xf32>, tensor<4x16xf32>, tensor<16x16xf32>, tensor<1x16xf32>, tensor<i32>, tensor<2x16xf32>, tensor<2x16xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>
    }
    %33 = stablehlo.transpose %32#16, dims = [1, 0, 2] : (tensor<8x2x16xf32>) -> tensor<2x8x16xf32>
    %34 = stablehlo.multiply %33, %33 : tensor<2x8x16xf32>
    %cst_17 = stablehlo.constant dense<2.000000e+00> : tensor<f32>
    %35 = stablehlo.broadcast_in_dim %cst_17, dims = [] : (tensor<f32>) -> tensor<2x8x16xf32>
    %36 = stablehlo.multiply %35, %33 : tensor<2x8x16xf32>
    %cst_18 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %37 = stablehlo.reduce(%34 init: %cst_18) applies stablehlo.add across dimensions = [0, 1, 2] : (tensor<2x8x16xf32>, tensor<f32>) -> tensor<f32>
    %cst_19 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %38 = stablehlo.divide %37, %cst_19 : tensor<f32>
    %cst_20 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %39 = stablehlo.broadcast_in_dim %cst_20, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %cst_21 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %40 = stablehlo.broadcast_in_dim %cst_21, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %cst_22 = stablehlo.constant dense<1.000000e+00> : tensor<f32>
    %cst_23 = stablehlo.constant dense<2.560000e+02> : tensor<f32>
    %41 = stablehlo.divide %cst_22, %cst_23 : tensor<f32>
    %42 = stablehlo.broadcast_in_dim %41, dims = [] : (tensor<f32>) -> tensor<2x8x16xf32>
    %43 = stablehlo.multiply %42, %36 : tensor<2x8x16xf32>
    %44 = stablehlo.transpose %43, dims = [1, 0, 2] : (tensor<2x8x16xf32>) -> tensor<8x2x16xf32>
    %cst_24 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %45 = stablehlo.broadcast_in_dim %cst_24, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %cst_25 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %46 = stablehlo.broadcast_in_dim %cst_25, dims = [] : (tensor<f32>) -> tensor<2x16xf32>
    %cst_26 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %47 = stablehlo.broadcast_in_dim %cst_26, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %cst_27 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %48 = stablehlo.broadcast_in_dim %cst_27, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %cst_28 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %49 = stablehlo.broadcast_in_dim %cst_28, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_29 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %50 = stablehlo.broadcast_in_dim %cst_29, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %cst_30 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %51 = stablehlo.broadcast_in_dim %cst_30, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %cst_31 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %52 = stablehlo.broadcast_in_dim %cst_31, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_32 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %53 = stablehlo.broadcast_in_dim %cst_32, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %cst_33 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %54 = stablehlo.broadcast_in_dim %cst_33, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %cst_34 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %55 = stablehlo.broadcast_in_dim %cst_34, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %cst_35 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %56 = stablehlo.broadcast_in_dim %cst_35, dims = [] : (tensor<f32>) -> tensor<4x16xf32>
    %cst_36 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %57 = stablehlo.broadcast_in_dim %cst_36, dims = [] : (tensor<f32>) -> tensor<16x16xf32>
    %cst_37 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
    %58 = stablehlo.broadcast_in_dim %cst_37, dims = [] : (tensor<f32>) -> tensor<16xf32>
    %c_38 = stablehlo.constant dense<0> : tensor<i32>
    %59:33 = stablehlo.while(%iterArg = %44, %iterArg_39 = %14, %iterArg_40 = %32#17, %iterArg_41 = %32#18, %iterArg_42 = %32#19, %iterArg_43 = %32#20, %iterArg_44 = %32#21, %iterArg_45 = %32#22, %iterArg_46 = %32#23, %iterArg_47 = %32#24, %iterArg_48 = %32#25, %iterArg_49 = %32#26, %iterArg_50 = %32#27, %iterArg_51 = %32#28, %iterArg_52 = %arg5, %iterArg_53 = %arg1, %iterArg_54 = %arg3, %iterArg_55 = %arg7, %iterArg_56 = %c_38, %iterArg_57 = %47, %iterArg_58 = %48, %iterArg_59 = %49, %iterArg_60 = %50, %iterArg_61 = %51, %iterArg_62 = %52, %iterArg_63 = %53, %iterArg_64 = %54, %iterArg_65 = %55, %iterArg_66 = %56, %iterArg_67 = %57, %iterArg_68 = %58, %iterArg_69 = %45, %iterArg_70 = %46) : tensor<8x2x16xf32>, tensor<8x2x4xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<i32>, tensor<4x16xf32>, tensor<16x16xf32>, tensor<16xf32>, tensor<4x16xf32>, tensor<16x16xf32>, tensor<16xf32>, tensor<4x16xf32>, tensor<16x16xf32>, tensor<16xf32>, tensor<4x16xf32>, tensor<16x16xf32>, tensor<16xf32>, tensor<2x16xf32>, tensor<2x16xf32>
    cond {
      %c_71 = stablehlo.constant dense<8> : tensor<i32>
      %60 = stablehlo.compare LT, %iterArg_56, %c_71, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %60 : tensor<i1>
    } do {
      %c_71 = stablehlo.constant dense<8> : tensor<i32>
      %60 = stablehlo.subtract %c_71, %iterArg_56 : tensor<i32>
      %c_72 = stablehlo.constant dense<1> : tensor<i32>
      %61 = stablehlo.subtract %60, %c_72 : tensor<i32>
      %62 = func.call @dynamic_index_in_dim_0(%iterArg, %61) : (tensor<8x2x16xf32>, tensor<i32>) -> tensor<2x16xf32>
      %63 = func.call @dynamic_index_in_dim(%iterArg_39, %61) : (tensor<8x2x4xf32>, tensor<i32>) -> tensor<2x4xf32>
      %64 = func.call @dynamic_index_in_dim_0(%iterArg_40, %61) : (tensor<8x2x16xf32>, tensor<i32>) -> tensor<2x16xf32>
      %65 = func.call @dynamic_index_in_dim_0(%iterArg_41, %61) : (tensor<8x2x16xf32>, tensor<i32>) -> tensor<2x16xf32>
      %66 = func.call @dynamic_index_in_dim_0(%iterArg_42, %61) : (tensor<8x2x16xf32>, tensor<i32>) -> tensor<2x16xf32>
      %67 = func.call @dynamic_index_in_dim_0(%iterArg_43, %61) : (tensor<8x2x16xf32>, tensor<i32>) -> tensor<2x16xf32>
      %68 = func.call @dynamic_index_in_dim_0(%iterArg_44, %61) : (tensor<8x2x16xf32>, tensor<i32>) -> tensor<2x16xf32>
      %69 = func.call @dynamic_index_in_dim_0(%iterArg_45, %61) : (tensor<8x2x16xf32>, tensor<i32>) -> tensor<2x16xf32>
      %70 = func.call @dynamic_index_in_dim_0(%iterArg_46, %61) : (tensor<8x2x16xf32>, tensor<i32>) -> tensor<2x16xf32>
      %71 = func.call @dynamic_index_in_dim_0(%iterArg_47, %61) : (tensor<8x2x16xf32>, tensor<i32>) -> tensor<2x16xf32>
      %72 = func.call @dynamic_index_in_dim_0(%iterArg_48, %61) : (tensor<8x2x16xf32>, tensor<i32>) -> tensor<2x16xf32>
      %73 = func.call @dynamic_index_in_dim_0(%iterArg_49, %61) : (tensor<8x2x16xf32>, tensor<i32>) -> tensor<2x16xf32>
      %74 = func.call @dynamic_index_in_dim_0(%iterArg_50, %61) : (tensor<8x2x16xf32>, tensor<i32>) -> tensor<2x16xf32>
      %75 = func.call @dynamic_index_in_dim_0(%iterArg_51, %61) : (tensor<8x2x16xf32>, tensor<i32>) -> tensor<2x16xf32>
      %76 = stablehlo.add %iterArg_70, %62 : tensor<2x16xf32>
      %77 = stablehlo.multiply %75, %76 : tensor<2x16xf32>
      %78 = stablehlo.multiply %76, %74 : tensor<2x16xf32>
      %79 = stablehlo.multiply %77, %73 : tensor<2x16xf32>
      %80 = stablehlo.add %iterArg_69, %79 : tensor<2x16xf32>
      %81 = stablehlo.multiply %72, %80 : tensor<2x16xf32>
      %82 = stablehlo.multiply %80, %71 : tensor<2x16xf32>
      %83 = stablehlo.multiply %70, %80 : tensor<2x16xf32>
      %84 = stablehlo.multiply %80, %69 : tensor<2x16xf32>
      %85 = stablehlo.multiply %78, %68 : tensor<2x16xf32>
      %cst_73 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %86 = stablehlo.reduce(%85 init: %cst_73) applies stablehlo.add across dimensions = [0] : (tensor<2x16xf32>, tensor<f32>) -> tensor<16xf32>
      %87 = stablehlo.reshape %86 : (tensor<16xf32>) -> tensor<1x16xf32>
      %88 = stablehlo.reshape %87 : (tensor<1x16xf32>) -> tensor<16xf32>
      %89 = stablehlo.add %iterArg_68, %88 : tensor<16xf32>
      %90 = stablehlo.dot_general %85, %64, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<16x16xf32>
      %91 = stablehlo.transpose %90, dims = [1, 0] : (tensor<16x16xf32>) -> tensor<16x16xf32>
      %92 = stablehlo.add %iterArg_67, %91 : tensor<16x16xf32>
      %93 = stablehlo.dot_general %85, %iterArg_55, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x16xf32>, tensor<16x16xf32>) -> tensor<2x16xf32>
      %94 = stablehlo.dot_general %85, %63, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16xf32>, tensor<2x4xf32>) -> tensor<16x4xf32>
      %95 = stablehlo.transpose %94, dims = [1, 0] : (tensor<16x4xf32>) -> tensor<4x16xf32>
      %96 = stablehlo.add %iterArg_66, %95 : tensor<4x16xf32>
      %97 = stablehlo.multiply %81, %67 : tensor<2x16xf32>
      %cst_74 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %98 = stablehlo.reduce(%97 init: %cst_74) applies stablehlo.add across dimensions = [0] : (tensor<2x16xf32>, tensor<f32>) -> tensor<16xf32>
      %99 = stablehlo.reshape %98 : (tensor<16xf32>) -> tensor<1x16xf32>
      %100 = stablehlo.reshape %99 : (tensor<1x16xf32>) -> tensor<16xf32>
      %101 = stablehlo.add %iterArg_65, %100 : tensor<16xf32>
      %102 = stablehlo.dot_general %97, %64, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<16x16xf32>
      %103 = stablehlo.transpose %102, dims = [1, 0] : (tensor<16x16xf32>) -> tensor<16x16xf32>
      %104 = stablehlo.add %iterArg_64, %103 : tensor<16x16xf32>
      %105 = stablehlo.dot_general %97, %iterArg_54, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x16xf32>, tensor<16x16xf32>) -> tensor<2x16xf32>
      %106 = stablehlo.add %93, %105 : tensor<2x16xf32>
      %107 = stablehlo.dot_general %97, %63, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16xf32>, tensor<2x4xf32>) -> tensor<16x4xf32>
      %108 = stablehlo.transpose %107, dims = [1, 0] : (tensor<16x4xf32>) -> tensor<4x16xf32>
      %109 = stablehlo.add %iterArg_63, %108 : tensor<4x16xf32>
      %110 = stablehlo.multiply %84, %66 : tensor<2x16xf32>
      %cst_75 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %111 = stablehlo.reduce(%110 init: %cst_75) applies stablehlo.add across dimensions = [0] : (tensor<2x16xf32>, tensor<f32>) -> tensor<16xf32>
      %112 = stablehlo.reshape %111 : (tensor<16xf32>) -> tensor<1x16xf32>
      %113 = stablehlo.reshape %112 : (tensor<1x16xf32>) -> tensor<16xf32>
      %114 = stablehlo.add %iterArg_62, %113 : tensor<16xf32>
      %115 = stablehlo.dot_general %110, %64, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<16x16xf32>
      %116 = stablehlo.transpose %115, dims = [1, 0] : (tensor<16x16xf32>) -> tensor<16x16xf32>
      %117 = stablehlo.add %iterArg_61, %116 : tensor<16x16xf32>
      %118 = stablehlo.dot_general %110, %iterArg_53, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x16xf32>, tensor<16x16xf32>) -> tensor<2x16xf32>
      %119 = stablehlo.add %106, %118 : tensor<2x16xf32>
      %120 = stablehlo.dot_general %110, %63, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16xf32>, tensor<2x4xf32>) -> tensor<16x4xf32>
      %121 = stablehlo.transpose %120, dims = [1, 0] : (tensor<16x4xf32>) -> tensor<4x16xf32>
      %122 = stablehlo.add %iterArg_60, %121 : tensor<4x16xf32>
      %123 = stablehlo.multiply %82, %65 : tensor<2x16xf32>
      %cst_76 = stablehlo.constant dense<0.000000e+00> : tensor<f32>
      %124 = stablehlo.reduce(%123 init: %cst_76) applies stablehlo.add across dimensions = [0] : (tensor<2x16xf32>, tensor<f32>) -> tensor<16xf32>
      %125 = stablehlo.reshape %124 : (tensor<16xf32>) -> tensor<1x16xf32>
      %126 = stablehlo.reshape %125 : (tensor<1x16xf32>) -> tensor<16xf32>
      %127 = stablehlo.add %iterArg_59, %126 : tensor<16xf32>
      %128 = stablehlo.dot_general %123, %64, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16xf32>, tensor<2x16xf32>) -> tensor<16x16xf32>
      %129 = stablehlo.transpose %128, dims = [1, 0] : (tensor<16x16xf32>) -> tensor<16x16xf32>
      %130 = stablehlo.add %iterArg_58, %129 : tensor<16x16xf32>
      %131 = stablehlo.dot_general %123, %iterArg_52, contracting_dims = [1] x [1], precision = [DEFAULT, DEFAULT] : (tensor<2x16xf32>, tensor<16x16xf32>) -> tensor<2x16xf32>
      %132 = stablehlo.add %119, %131 : tensor<2x16xf32>
      %133 = stablehlo.dot_general %123, %63, contracting_dims = [0] x [0], precision = [DEFAULT, DEFAULT] : (tensor<2x16xf32>, tensor<2x4xf32>) -> tensor<16x4xf32>
      %134 = stablehlo.transpose %133, dims = [1, 0] : (tensor<16x4xf32>) -> tensor<4x16xf32>
      %135 = stablehlo.add %iterArg_57, %134 : tensor<4x16xf32>
      %c_77 = stablehlo.constant dense<1> : tensor<i32>
      %136 = stablehlo.add %iterArg_56, %c_77 : tensor<i32>
      stablehlo.return %iterArg, %iterArg_39, %iterArg_40, %iterArg_41, %iterArg_42, %iterArg_43, %iterArg_44, %iterArg_45, %iterArg_46, %iterArg_47, %iterArg_48, %iterArg_49, %iterArg_50, %iterArg_51, %iterArg_52, %iterArg_53, %iterArg_54, %iterArg_55, %136, %135, %130, %127, %122, %117, %114, %109, %104, %101, %96, %92, %89, %83, %132 : tensor<8x2x16xf32>, tensor<8x2x4xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>, tensor<8x2x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<16x16xf32>, tensor<i32>, tensor<4x16xf32>, tensor<16x16xf32>, tensor<16xf32>, tensor<4x16xf32>, tensor<16x16xf32>, tensor<16xf32>, tensor<4x16xf32>, tensor<16x16xf32>, tensor<16xf32>, tensor<4x16xf32>, tensor<16x16xf32>, tensor<16xf32>, tensor<2x16xf32>, tensor<2x16xf32>
    }
    return %38, %59#24, %59#23, %59#27, %59#26, %59#21, %59#20, %59#30, %59#29, %59#22, %59#25, %59#19, %59#28 : tensor<f32>, tensor<16xf32>, tensor<16x16xf32>, tensor<16xf32>, tensor<16x16xf32>, tensor<16xf32>, tensor<16x16xf32>, tensor<16xf32>, tensor<16x16xf32>, tensor<4x16xf32>, tensor<4x16xf32>, tensor<4x16xf32>, tensor<4x16xf32>
  }
  func.func private @_threefry_split(%arg0: tensor<2xui32>) -> tensor<2x2xui32> {
    %0 = stablehlo.slice %arg0 [0:1] : (tensor<2xui32>) -> tensor<1xui32>
    %1 = stablehlo.reshape %0 : (tensor<1xui32>) -> tensor<ui32>
    %2 = stablehlo.slice %arg0 [1:2] : (tensor<2xui32>) -> tensor<1xui32>
    %3 = stablehlo.reshape %2 : (tensor<1xui32>) -> tensor<ui32>
    %4 = stablehlo.iota dim = 0 : tensor<2xui64>
    %c = stablehlo.constant dense<1> : tensor<ui64>
    %5 = stablehlo.broadcast_in_dim %c, dims = [] : (tensor<ui64>) -> tensor<2xui64>
    %6 = stablehlo.multiply %5, %4 : tensor<2xui64>
    %c_0 = stablehlo.constant dense<32> : tensor<ui64>
    %7 = stablehlo.broadcast_in_dim %c_0, dims = [] : (tensor<ui64>) -> tensor<2xui64>
    %8 = stablehlo.shift_right_logical %6, %7 : tensor<2xui64>
    %9 = stablehlo.convert %6 : (tensor<2xui64>) -> tensor<2xui32>
    %10 = stablehlo.convert %8 : (tensor<2xui64>) -> tensor<2xui32>
    %11:2 = call @threefry2x32(%1, %3, %10, %9) : (tensor<ui32>, tensor<ui32>, tensor<2xui32>, tensor<2xui32>) -> (tensor<2xui32>, tensor<2xui32>)
    %12 = stablehlo.broadcast_in_dim %11#0, dims = [0] : (tensor<2xui32>) -> tensor<2x1xui32>
    %13 = stablehlo.broadcast_in_dim %11#1, dims = [0] : (tensor<2xui32>) -> tensor<2x1xui32>
    %14 = stablehlo.concatenate %12, %13, dim = 1 : (tensor<2x1xui32>, tensor<2x1xui32>) -> tensor<2x2xui32>
    return %14 : tensor<2x2xui32>
  }
  func.func private @threefry2x32(%arg0: tensor<ui32>, %arg1: tensor<ui32>, %arg2: tensor<2xui32>, %arg3: tensor<2xui32>) -> (tensor<2xui32>, tensor<2xui32>) {
    %c = stablehlo.constant dense<[13, 15, 26, 6]> : tensor<4xui32>
    %c_0 = stablehlo.constant dense<[17, 29, 16, 24]> : tensor<4xui32>
    %0 = stablehlo.xor %arg0, %arg1 : tensor<ui32>
    %c_1 = stablehlo.constant dense<466688986> : tensor<ui32>
    %1 = stablehlo.xor %0, %c_1 : tensor<ui32>
    %2 = stablehlo.broadcast_in_dim %arg0, dims = [] : (tensor<ui32>) -> tensor<2xui32>
    %3 = stablehlo.add %arg2, %2 : tensor<2xui32>
    %4 = stablehlo.broadcast_in_dim %arg1, dims = [] : (tensor<ui32>) -> tensor<2xui32>
    %5 = stablehlo.add %arg3, %4 : tensor<2xui32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %c_3 = stablehlo.constant dense<0> : tensor<i32>
    %6:9 = stablehlo.while(%iterArg = %c_3, %iterArg_4 = %c_2, %iterArg_5 = %3, %iterArg_6 = %5, %iterArg_7 = %arg1, %iterArg_8 = %1, %iterArg_9 = %arg0, %iterArg_10 = %c, %iterArg_11 = %c_0) : tensor<i32>, tensor<i32>, tensor<2xui32>, tensor<2xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
    cond {
      %c_12 = stablehlo.constant dense<5> : tensor<i32>
      %7 = stablehlo.compare LT, %iterArg, %c_12, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
      stablehlo.return %7 : tensor<i1>
    } do {
      %c_12 = stablehlo.constant dense<1> : tensor<i32>
      %7 = stablehlo.add %iterArg_4, %c_12 : tensor<i32>
      %8 = stablehlo.slice %iterArg_10 [0:1] : (tensor<4xui32>) -> tensor<1xui32>
      %9 = stablehlo.reshape %8 : (tensor<1xui32>) -> tensor<ui32>
      %10 = stablehlo.slice %iterArg_10 [1:2] : (tensor<4xui32>) -> tensor<1xui32>
      %11 = stablehlo.reshape %10 : (tensor<1xui32>) -> tensor<ui32>
      %12 = stablehlo.slice %iterArg_10 [2:3] : (tensor<4xui32>) -> tensor<1xui32>
      %13 = stablehlo.reshape %12 : (tensor<1xui32>) -> tensor<ui32>
      %14 = stablehlo.slice %iterArg_10 [3:4] : (tensor<4xui32>) -> tensor<1xui32>
      %15 = stablehlo.reshape %14 : (tensor<1xui32>) -> tensor<ui32>
      %16 = stablehlo.add %iterArg_5, %iterArg_6 : tensor<2xui32>
      %17 = stablehlo.broadcast_in_dim %9, dims = [] : (tensor<ui32>) -> tensor<2xui32>
      %18 = stablehlo.shift_left %iterArg_6, %17 : tensor<2xui32>
      %c_13 = stablehlo.constant dense<32> : tensor<ui32>
      %19 = stablehlo.subtract %c_13, %9 : tensor<ui32>
      %20 = stablehlo.broadcast_in_dim %19, dims = [] : (tensor<ui32>) -> tensor<2xui32>
      %21 = stablehlo.shift_right_logical %iterArg_6, %20 : tensor<2xui32>
      %22 = stablehlo.or %18, %21 : tensor<2xui32>
      %23 = stablehlo.xor %16, %22 : tensor<2xui32>
      %24 = stablehlo.add %16, %23 : tensor<2xui32>
      %25 = stablehlo.broadcast_in_dim %11, dims = [] : (tensor<ui32>) -> tensor<2xui32>
      %26 = stablehlo.shift_left %23, %25 : tensor<2xui32>
      %c_14 = stablehlo.constant dense<32> : tensor<ui32>
      %27 = stablehlo.subtract %c_14, %11 : tensor<ui32>
      %28 = stablehlo.broadcast_in_dim %27, dims = [] : (tensor<ui32>) -> tensor<2xui32>
      %29 = stablehlo.shift_right_logical %23, %28 : tensor<2xui32>
      %30 = stablehlo.or %26, %29 : tensor<2xui32>
      %31 = stablehlo.xor %24, %30 : tensor<2xui32>
      %32 = stablehlo.add %24, %31 : tensor<2xui32>
      %33 = stablehlo.broadcast_in_dim %13, dims = [] : (tensor<ui32>) -> tensor<2xui32>
      %34 = stablehlo.shift_left %31, %33 : tensor<2xui32>
      %c_15 = stablehlo.constant dense<32> : tensor<ui32>
      %35 = stablehlo.subtract %c_15, %13 : tensor<ui32>
      %36 = stablehlo.broadcast_in_dim %35, dims = [] : (tensor<ui32>) -> tensor<2xui32>
      %37 = stablehlo.shift_right_logical %31, %36 : tensor<2xui32>
      %38 = stablehlo.or %34, %37 : tensor<2xui32>
      %39 = stablehlo.xor %32, %38 : tensor<2xui32>
      %40 = stablehlo.add %32, %39 : tensor<2xui32>
      %41 = stablehlo.broadcast_in_dim %15, dims = [] : (tensor<ui32>) -> tensor<2xui32>
      %42 = stablehlo.shift_left %39, %41 : tensor<2xui32>
      %c_16 = stablehlo.constant dense<32> : tensor<ui32>
      %43 = stablehlo.subtract %c_16, %15 : tensor<ui32>
      %44 = stablehlo.broadcast_in_dim %43, dims = [] : (tensor<ui32>) -> tensor<2xui32>
      %45 = stablehlo.shift_right_logical %39, %44 : tensor<2xui32>
      %46 = stablehlo.or %42, %45 : tensor<2xui32>
      %47 = stablehlo.xor %40, %46 : tensor<2xui32>
      %48 = stablehlo.broadcast_in_dim %iterArg_7, dims = [] : (tensor<ui32>) -> tensor<2xui32>
      %49 = stablehlo.add %40, %48 : tensor<2xui32>
      %50 = stablehlo.broadcast_in_dim %iterArg_8, dims = [] : (tensor<ui32>) -> tensor<2xui32>
      %51 = stablehlo.add %47, %50 : tensor<2xui32>
      %c_17 = stablehlo.constant dense<1> : tensor<i32>
      %52 = stablehlo.add %iterArg_4, %c_17 : tensor<i32>
      %53 = stablehlo.convert %52 : (tensor<i32>) -> tensor<ui32>
      %54 = stablehlo.broadcast_in_dim %53, dims = [] : (tensor<ui32>) -> tensor<2xui32>
      %55 = stablehlo.add %51, %54 : tensor<2xui32>
      %c_18 = stablehlo.constant dense<1> : tensor<i32>
      %56 = stablehlo.add %iterArg, %c_18 : tensor<i32>
      stablehlo.return %56, %7, %49, %55, %iterArg_8, %iterArg_9, %iterArg_7, %iterArg_11, %iterArg_10 : tensor<i32>, tensor<i32>, tensor<2xui32>, tensor<2xui32>, tensor<ui32>, tensor<ui32>, tensor<ui32>, tensor<4xui32>, tensor<4xui32>
    }
    return %6#2, %6#3 : tensor<2xui32>, tensor<2xui32>
  }
  func.func private @dynamic_index_in_dim(%arg0: tensor<8x2x4xf32>, %arg1: tensor<i32>) -> tensor<2x4xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 2, 4] : (tensor<8x2x4xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x2x4xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x2x4xf32>) -> tensor<2x4xf32>
    return %1 : tensor<2x4xf32>
  }
  func.func private @dynamic_update_index_in_dim(%arg0: tensor<8x2x16xf32>, %arg1: tensor<2x16xf32>, %arg2: tensor<i32>) -> tensor<8x2x16xf32> {
    %0 = stablehlo.broadcast_in_dim %arg1, dims = [1, 2] : (tensor<2x16xf32>) -> tensor<1x2x16xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.dynamic_update_slice %arg0, %0, %arg2, %c, %c_0 : (tensor<8x2x16xf32>, tensor<1x2x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<8x2x16xf32>
    return %1 : tensor<8x2x16xf32>
  }
  func.func private @dynamic_index_in_dim_0(%arg0: tensor<8x2x16xf32>, %arg1: tensor<i32>) -> tensor<2x16xf32> {
    %c = stablehlo.constant dense<0> : tensor<i32>
    %c_0 = stablehlo.constant dense<0> : tensor<i32>
    %0 = stablehlo.dynamic_slice %arg0, %arg1, %c, %c_0, sizes = [1, 2, 16] : (tensor<8x2x16xf32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<1x2x16xf32>
    %1 = stablehlo.reshape %0 : (tensor<1x2x16xf32>) -> tensor<2x16xf32>
    return %1 : tensor<2x16xf32>
  }
}
